"""The Flask app: the REST API, its OpenAPI document and docs page, and the CLI."""
