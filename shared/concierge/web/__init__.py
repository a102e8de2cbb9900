"""Pages people use in a browser: server-rendered HTML over the same services as the functions.

Each page set lives in its own package (`console/`: the staff console) with its templates and
static files beside it; they ship as package data.
"""
