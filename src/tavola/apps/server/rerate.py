"""Ratings from scratch: every rated match's result read again from its log, and the bots'
starting ratings taken from a tournament (``tavola db rerate``, ``tavola db seed-bots``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from tavola.apps.server.bots import bound_spec
from tavola.apps.server.models import MatchRow, now
from tavola.apps.server.rating_store import RatingStore, finished
from tavola.apps.server.ratings import RatedResult, Standing, bot_player
from tavola.apps.server.service import replayed
from tavola.apps.server.settings import BotLimits
from tavola.apps.server.store import Store
from tavola.core.registry import load


def results_from_log(engine: Engine) -> list[RatedResult]:
    """The result of every finished rated match whose seats all count for a player."""
    store = Store(engine, notify=False)
    with Session(engine) as session:
        ids = list(session.scalars(select(MatchRow.id).where(MatchRow.rated).order_by(MatchRow.id)))
    results = []
    for match_id in ids:
        loaded = store.load(match_id)
        if loaded is None:
            continue  # deleted meanwhile
        live = replayed(loaded)
        if live.is_over:
            result = finished(live).rated(loaded.seats)
            if result is not None:
                results.append(result)
    return results


def rerate(engine: Engine, postgres: bool) -> int:
    """Compute every rating again from the log and the seeds; how many matches count."""
    return RatingStore(engine, postgres).rerate(results_from_log(engine))


def tournament_seeds(tournament: Mapping[str, Any]) -> list[Standing]:
    """Each bot's rating in a tournament's results (``tavola tournament --out``), in the
    pool of the tournament's game and options, named as the server names the bot. A spec
    seated twice counts once (its first contestant)."""
    category = load(tournament["game"], **tournament["options"]).rating_category()
    seeds: dict[str, Standing] = {}
    at = now()
    for standing in tournament["standings"]:
        player = bot_player(bound_spec(standing["spec"], BotLimits()))
        if player not in seeds:
            seeds[player] = Standing(
                player,
                tournament["game"],
                category,
                float(standing["mu"]),
                float(standing["sigma"]),
                int(standing["games"]),
                at,
            )
    return list(seeds.values())


def seed_bots(engine: Engine, postgres: bool, tournament: Mapping[str, Any]) -> list[Standing]:
    """Seed the bots' ratings from a tournament's results; the seeds."""
    seeds = tournament_seeds(tournament)
    RatingStore(engine, postgres).seed(seeds)
    return seeds
