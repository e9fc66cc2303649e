"""The ratings' tables (revision 0004_ratings): a cache of ``ratings.replay``, never a truth.

``rating_results``: each finished rated match's pool, end, players and places, read from
its log; ``ratings``: each player's standing per pool; ``rating_history``: a player's
rating after each match; ``rating_seeds``: a bot's starting rating, from a tournament.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, Double, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from tavola.apps.server.models import Base


class ResultRow(Base):
    __tablename__ = "rating_results"
    __table_args__ = (Index("ix_rating_results_pool", "game", "category", "finished_at"),)

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64))
    category: Mapped[str] = mapped_column(String(32))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    players: Mapped[list[str]] = mapped_column(JSON)  # in seat order
    places: Mapped[list[int]] = mapped_column(JSON)  # 1 is first


class RatingRow(Base):
    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_pool", "game", "category", "rating"),)

    player: Mapped[str] = mapped_column(String(200), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    category: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    rating: Mapped[float] = mapped_column(Double)  # mu - 3 sigma, to sort by
    games: Mapped[int] = mapped_column(Integer)
    last_played: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HistoryRow(Base):
    __tablename__ = "rating_history"

    player: Mapped[str] = mapped_column(String(200), primary_key=True, index=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    category: Mapped[str] = mapped_column(String(32), primary_key=True)
    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)


class SeedRow(Base):
    __tablename__ = "rating_seeds"

    player: Mapped[str] = mapped_column(String(200), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    category: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    games: Mapped[int] = mapped_column(Integer)
    seeded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
