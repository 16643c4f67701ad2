"""What operators watch: turn latency over the last hour, and the same figures as Prometheus metrics.

``TurnClock`` keeps the durations of the turns handled in the last hour (from the interaction's
arrival to the saved and announced move). With ``METRICS_PORT`` set, ``prometheus-client`` serves
the health figures on that local port (``/metrics``), refreshed each time they are scraped.
"""

from __future__ import annotations

import bisect
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

WINDOW_SECONDS = 3600.0


class TurnClock:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._samples: deque[tuple[float, float]] = deque()  # (when, milliseconds)

    def record(self, milliseconds: float) -> None:
        self._samples.append((self.clock(), milliseconds))
        self._trim()

    def _trim(self) -> None:
        horizon = self.clock() - WINDOW_SECONDS
        while self._samples and self._samples[0][0] < horizon:
            self._samples.popleft()

    def percentiles(self) -> dict[str, float | int | None]:
        """``count``, ``p50`` and ``p95`` (ms) of the last hour (None when there were no turns)."""
        self._trim()
        values: list[float] = []
        for _, ms in self._samples:
            bisect.insort(values, ms)
        if not values:
            return {"count": 0, "p50": None, "p95": None}
        return {"count": len(values), "p50": values[len(values) // 2],
                "p95": values[min(len(values) - 1, int(len(values) * 0.95))]}


def serve_metrics(port: int, collect: Callable[[], dict[str, Any]]) -> bool:
    """Serve Prometheus metrics on ``127.0.0.1:port``; ``collect`` returns the latest health figures.
    False (logged) when the client library or the port is not available."""
    try:
        from prometheus_client import REGISTRY, start_http_server
        from prometheus_client.core import GaugeMetricFamily
    except ImportError:
        log.warning("METRICS_PORT is set but prometheus-client is not installed")
        return False

    class HealthCollector:
        def collect(self):  # type: ignore[no-untyped-def]
            figures = collect()
            games = GaugeMetricFamily("calico_games", "Games by status", labels=["status"])
            for status, n in figures.get("games", {}).items():
                games.add_metric([status], n)
            yield games
            for key, help_text in (("timers_pending", "Timers waiting"), ("timers_overdue", "Timers overdue"),
                                   ("outbox_pending", "Announcements not yet posted"),
                                   ("database_bytes", "Size of the database"), ("uptime_seconds", "Uptime")):
                if figures.get(key) is not None:
                    yield GaugeMetricFamily(f"calico_{key}", help_text, value=figures[key])
            turns = figures.get("turn_latency_ms", {})
            for q in ("p50", "p95"):
                if turns.get(q) is not None:
                    yield GaugeMetricFamily(f"calico_turn_latency_{q}_ms", f"Turn latency {q}, last hour",
                                            value=turns[q])

    try:
        REGISTRY.register(HealthCollector())
        start_http_server(port, addr="127.0.0.1")
    except (OSError, ValueError) as exc:
        log.warning("metrics not served on port %s: %s", port, exc)
        return False
    return True
