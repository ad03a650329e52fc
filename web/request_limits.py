"""What gunicorn reads of a request: its defaults, stated once. The server's command line
(cli.server_process) passes them to gunicorn; past them web.http_workers answers 414 or 431, and
the OpenAPI document and the problem types state them."""

LIMIT_REQUEST_LINE = 4094  # bytes: the method, the path and its query, the version
LIMIT_REQUEST_FIELD_SIZE = 8190  # bytes of one header field, its name included
LIMIT_REQUEST_FIELDS = 100  # header fields in one request
