"""A phone's own link to the server, which a test can switch off and on.

A phone in a shop basement loses the whole network: its page's requests fail, the event stream
drops, and the service worker's own fetches fail too. Chromium's network emulation (CDP
`Network.emulateNetworkConditions {offline: true}`) makes `navigator.onLine` false and fails the
page's requests, but not the service worker's: a reload while "offline" would still reach the
server through the worker. So each phone talks to the server through a `Link` of its own, a small
TCP proxy on 127.0.0.1 with a port of its own (so each phone is its own origin, with its own
IndexedDB and service worker), and `offline(driver)` / `online(driver)` switch both at the same
moment:

- `Link.cut()`: nothing listens on the link's port any more (new connections are refused) and
  every open connection, the event stream included, is closed;
- `Link.restore()`: the same port listens again (same origin, same IndexedDB), and connections
  reach the server as before.

The server answers only requests naming its own host and port, so the links' URLs are given to
it as public URLs (`CHECKLISTS_PUBLIC_URL`): the `linked_server` fixture in conftest.py does this.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time

LOOPBACK = "127.0.0.1"

# Network.emulateNetworkConditions wants every field.
_OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
_ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


class Link:
    """A TCP proxy from 127.0.0.1:`port` to the server, that can go down and come back up.

    Its port is bound when it is made (before the server starts, which must know it), and kept
    for its whole life, across `cut()` and `restore()` and across browser restarts.
    """

    def __init__(self, name: str):
        self.name = name
        self.target: tuple[str, int] | None = None
        self.accepted = 0  # connections that reached the server
        self.sent = 0  # bytes the phone sent the server through this link (requests)
        self._lock = threading.Lock()
        self._connections: set[socket.socket] = set()
        self._listener: socket.socket | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.port = self._listen(0)

    @property
    def url(self) -> str:
        """The origin a phone opens: `http://127.0.0.1:<port>`."""
        return f"http://{LOOPBACK}:{self.port}"

    @property
    def up(self) -> bool:
        return self._listener is not None

    def __repr__(self) -> str:
        return f"Link({self.name!r}, {self.url}, {'up' if self.up else 'down'})"

    def connect(self, server_url: str) -> None:
        """Forwards to the server at `server_url` (http://127.0.0.1:<port>) and starts accepting."""
        host, port = server_url.removeprefix("http://").rstrip("/").rsplit(":", 1)
        self.target = (host, int(port))
        self._start()

    # MARK: - Down and up

    def cut(self) -> None:
        """The link goes down: new connections are refused, open ones (the event stream too) are
        closed. Idempotent."""
        listener, self._listener = self._listener, None
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None
        if listener is not None:
            listener.close()
        with self._lock:
            open_sockets, self._connections = self._connections, set()
        for sock in open_sockets:
            _close(sock)

    def restore(self) -> None:
        """The link comes back on the same port. Idempotent."""
        if self._listener is not None:
            return
        # The port was this link's a moment ago; SO_REUSEADDR lets it listen again at once
        # (closed connections may still be in TIME_WAIT). Nothing else on this machine takes
        # an ephemeral port it did not ask for, but say so clearly if it happened.
        deadline = time.monotonic() + 5
        while True:
            try:
                self._listen(self.port)
                break
            except OSError as error:
                if time.monotonic() > deadline:
                    raise AssertionError(f"{self!r} could not listen on its port again: {error}") from error
                time.sleep(0.05)
        self._start()

    def close(self) -> None:
        self.cut()

    # MARK: - The proxy

    def _listen(self, port: int) -> int:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((LOOPBACK, port))
        listener.listen(64)
        listener.settimeout(0.05)
        self._listener = listener
        return listener.getsockname()[1]

    def _start(self) -> None:
        assert self.target is not None, "connect(server_url) the link first"
        if self._thread is not None:
            return
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, args=(self._listener, self._stop),
                                        name=f"link-{self.name}", daemon=True)
        self._thread.start()

    def _accept(self, listener: socket.socket, stop: threading.Event) -> None:
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                _close(client)
                continue
            client.settimeout(None)
            upstream.settimeout(None)
            for sock in (client, upstream):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self._lock:
                if stop.is_set():
                    _close(client)
                    _close(upstream)
                    return
                self._connections.update((client, upstream))
                self.accepted += 1
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    def _pump(self, client: socket.socket, upstream: socket.socket) -> None:
        """Copies bytes both ways until either side closes (or the link is cut)."""
        other = {client: upstream, upstream: client}
        selector = selectors.DefaultSelector()
        try:
            for sock in other:
                selector.register(sock, selectors.EVENT_READ)
            while True:
                for key, _ in selector.select(timeout=1):
                    data = key.fileobj.recv(65536)
                    if not data:
                        return
                    other[key.fileobj].sendall(data)
                    if key.fileobj is client:
                        with self._lock:
                            self.sent += len(data)
        except (OSError, ValueError):
            return  # cut, or reset by either side
        finally:
            selector.close()
            with self._lock:
                self._connections.discard(client)
                self._connections.discard(upstream)
            _close(client)
            _close(upstream)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


# MARK: - A phone's whole network


def offline(driver) -> None:
    """The phone loses its network: the page's requests fail and `navigator.onLine` is false
    (CDP), and its link to the server goes down (so the service worker's fetches fail too)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", _OFFLINE)
    driver.link.cut()


def online(driver) -> None:
    """The phone's network is back: the link first, so the page's `online` event finds the
    server reachable."""
    driver.link.restore()
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", _ONLINE)


def is_offline(driver) -> bool:
    return not driver.execute_script("return navigator.onLine")
