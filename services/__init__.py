"""The application layer: the event store, commands, queries and bot turns."""
