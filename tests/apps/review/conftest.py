"""The review reads English unless a test asks for another language."""

from tests.apps.cli.conftest import english

__all__ = ["english"]
