"""The applications: the ``tavola`` command and what it runs."""
