"""The `pasture` command line."""
