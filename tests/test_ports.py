"""``handoffs.ports.free_loopback_port``: a port the kernel would never hand to a port-0 bind or a connection (CI
once lost JupyterLab's port to one between the probe and the server's bind), bindable, and a fallback when the
system leaves no room below its ephemeral range."""

from __future__ import annotations

import socket

from handoffs import ports


def bind(port: int) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))


def test_the_port_lies_below_the_ephemeral_range_and_binds(tmp_path, monkeypatch):
    chosen = {ports.free_loopback_port() for _ in range(20)}
    low = ports._ephemeral_low()
    assert all(ports.LOWEST <= port < low for port in chosen) and len(chosen) > 1
    for port in chosen:
        bind(port)
    # a port-0 bind (what a Jupyter kernel's sockets do) lands in the range, so never on one of ours
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        assert sock.getsockname()[1] >= low


def test_no_room_below_the_range_falls_back_to_the_kernels_choice(tmp_path, monkeypatch):
    narrow = tmp_path / "ip_local_port_range"
    narrow.write_text(f"{ports.LOWEST}\t60999\n")
    monkeypatch.setattr(ports, "EPHEMERAL_RANGE", narrow)
    port = ports.free_loopback_port()
    assert port >= ports.LOWEST
    bind(port)
    narrow.write_text("garbage\n")
    assert ports._ephemeral_low() == ports.DEFAULT_EPHEMERAL_LOW


def test_taken_candidates_are_skipped(monkeypatch):
    taken = []
    real = ports._bindable

    def first_ten_taken(port: int, host: str) -> bool:
        if len(taken) < 10:
            taken.append(port)
            return False
        return real(port, host)

    monkeypatch.setattr(ports, "_bindable", first_ten_taken)
    port = ports.free_loopback_port()
    assert len(taken) == 10 and port not in taken
    bind(port)
