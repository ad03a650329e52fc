"""What the service tells its operators: Prometheus metrics and the request id of log lines."""
