"""The REST API, one module per resource, each beside its schemas (`games.py` and
`games_schemas.py`); the pieces the schemas share are in common_schemas, the documented answers'
examples in examples (examples.json), and the paged answers' `next` links in links. Each
resource module holds a flask-smorest blueprint, `blp`, that web.app registers."""
