"""The data table and the per-epoch table: model, view and cell editors.
"""
