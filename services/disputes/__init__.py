"""Disputes and audit: a question about a step recorded with its answer, what-ifs played on a copy,
and the audit of a finished game.
"""
