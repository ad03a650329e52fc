"""The Flask app (app.create_app; wsgi.app for gunicorn, served by http_workers' workers): the REST
API by resource in api/, the HTML pages in pages/ (their templates and scripts in templates/ and
static/), and what both share: the blueprint class and the services a view reaches (blueprint),
request bodies (bodies), seat tokens (auth), problems and their types (problems, problem_types),
and the OpenAPI document (openapi). The command line and the process launchers are in cli/."""
