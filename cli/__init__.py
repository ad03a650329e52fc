"""The command line and the process launchers: `chronicle` (cli.chronicle), `make run`
(cli.launch, which keeps the API and a worker running), the API server's gunicorn command line
(cli.server_process, also used by the end-to-end tests and benchmarks), and the simulation report.

This package sits on top, beside web/: it may import web, workers, services, projections and
domain; nothing imports it (but the tests and benchmarks)."""
