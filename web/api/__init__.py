"""The REST API, one module per resource, each beside its schemas (`games.py` and
`games_schemas.py`); the pieces the schemas share are in common_schemas. Each resource module
holds a flask-smorest blueprint, `blp`, that web.app registers."""
