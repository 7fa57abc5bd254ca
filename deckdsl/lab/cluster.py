"""Playing a sweep's points on Ray (`deckdsl sweep --backend ray`, `tune` too): each point a Ray task
running the same `deckdsl.lab.sweep.play_point` as the local backend, so the figures are the same.

Two ways to get a Ray:

- **no address**: a private Ray started here for this run, which listens on the loopback interface only —
  its GCS, raylet, object manager, workers and this process's own Ray server, no dashboard — and stops
  with the run.  Ray makes a node's address reachable from other machines by default (it turns a given
  `127.0.0.1` into the machine's network address); `RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`, set before Ray
  is imported, keeps the loopback address, and the address Ray would take is checked before it starts.
- **an address**: `auto` (the cluster `ray start` started on this machine), `HOST:PORT` (a cluster's GCS)
  or `ray://HOST:PORT` (its Ray Client server; needs `ray[client]`).  The form is checked before anything
  is played (`check_address`), the host and port are tried with a plain TCP connection before Ray is
  asked, and Ray's own retries are bounded (`CONNECT_BOUNDS`), so an address that is wrong fails in
  seconds with an error that names it, instead of retrying for minutes.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import os
import re
import socket
from collections.abc import Iterator

from .sweep import play_with

__all__ = ["BackendError", "check_address", "play_on_ray", "CONNECT_SECONDS", "CONNECT_BOUNDS"]

CONNECT_SECONDS = 5
"""How long the TCP connection to a cluster's host and port may take before the address is called
unreachable."""

CONNECT_BOUNDS = {"RAY_gcs_server_port_wait_time_s": "2", "RAY_py_gcs_connect_timeout_s": "5",
                  "RAY_gcs_rpc_server_connect_timeout_s": "5"}
"""Ray's settings for joining a cluster, bounded (each unless the environment sets it already): two tries
of 5 s to reach the GCS, where Ray's defaults retry for minutes.  Read when Ray is imported."""

_ADDRESS = re.compile(r"(?P<scheme>ray://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
                      r":(?P<port>[0-9]{1,5})")


class BackendError(Exception):
    """Ray cannot be used: a local Ray did not start, or the cluster at the address was not reached."""


def check_address(address: str | None) -> None:
    """ValueError (a usage error) unless Ray is installed and `address` is None, `auto`, `HOST:PORT` or
    `ray://HOST:PORT` with a port from 1 to 65535 — and, for `ray://`, `ray[client]` is installed."""
    if importlib.util.find_spec("ray") is None:
        raise ValueError("--backend ray needs Ray: pip install 'deckdsl[ray]'")
    if address is None or address == "auto":
        return
    match = _ADDRESS.fullmatch(address)
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise ValueError(f"--address {address}: write auto, HOST:PORT (a cluster's GCS, e.g. head:6379) or "
                         "ray://HOST:PORT (its Ray Client server, e.g. ray://head:10001)")
    if match["scheme"] and importlib.util.find_spec("grpc") is None:
        raise ValueError(f'--address {address}: a ray:// address needs the Ray Client: pip install "ray[client]"')


def play_on_ray(todo: list[tuple], *, deck, profile, axes, base: dict[str, str], games: int, seed: int,
                players: tuple[str, str], address: str | None = None, text: str | None = None,
                near=None) -> Iterator[tuple[tuple, dict]]:
    """Each point of `todo` with its figures, played as Ray tasks on the cluster at `address` (a checked
    one, `check_address`; None: a private Ray on this machine's loopback interface), as they end.
    `BackendError` when Ray cannot be started or the cluster reached."""
    ray = _connected(address)
    arguments = ray.put((deck, profile, axes, base, games, seed, players, text, near))
    task = ray.remote(play_with)
    pending = [task.remote(arguments, point) for point in todo]
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        yield ray.get(finished[0])


def _connected(address: str | None):
    """The `ray` module, initialised: joined to the cluster at `address`, or a private Ray started here."""
    if address is None:
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    else:
        for name, value in CONNECT_BOUNDS.items():
            os.environ.setdefault(name, value)
        _reachable(address)
    import ray

    if ray.is_initialized():
        return ray
    if address is None and not _loopback(ray.util.get_node_ip_address()):
        raise BackendError(f"a local Ray would listen on {ray.util.get_node_ip_address()}, reachable from other "
                           "machines: not started (Ray was imported before RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 was "
                           "set; set it before importing Ray)")
    try:
        if address is None:
            ray.init(address="local", _node_ip_address="127.0.0.1", include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (OSError, RuntimeError, ValueError) as error:  # ConnectionError and TimeoutError are OSErrors
        raise BackendError(_failure(address, error)) from error
    return ray


def _reachable(address: str) -> None:
    """BackendError unless a TCP connection to the address's host and port opens within
    `CONNECT_SECONDS` (`auto` names no host: Ray finds the cluster)."""
    match = _ADDRESS.fullmatch(address)
    if match is None:
        return
    host = match["host"].strip("[]")
    try:
        with socket.create_connection((host, int(match["port"])), timeout=CONNECT_SECONDS):
            pass
    except TimeoutError as error:
        raise BackendError(f"--address {address}: no answer within {CONNECT_SECONDS} s (is the cluster up, and "
                           "its port open to this machine?)") from error
    except OSError as error:
        reason = error.strerror or str(error)
        raise BackendError(f"--address {address}: cannot reach it ({reason}): is the cluster up at that "
                           "address?") from error


def _failure(address: str | None, error: Exception) -> str:
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    if address is None:
        return f"cannot start a local Ray: {reason}"
    if address == "auto" and isinstance(error, ConnectionError):
        return ("--address auto: no Ray cluster runs on this machine (start one with `ray start --head`, or "
                "give the cluster's address)")
    return f"--address {address}: cannot join the Ray cluster there: {reason}"


def _loopback(host: str) -> bool:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback
