"""The offline tests' network switch itself (network.py): a phone offline reaches nothing, not even
through its service worker, its event stream drops, and back online it is the same origin with
the same stored data. The offline tests' results mean something only if this holds.
"""

import socket
import time

import pytest

from helpers import until_js, wait_ready
from offline_helpers import offline, online, phone

FETCH = """
const done = arguments[arguments.length - 1];
fetch('/api/v1/checklists', { cache: 'no-store' }).then(r => done('answered ' + r.status), e => done('failed: ' + e));
"""


@pytest.fixture
def server(linked_server):
    return linked_server


def test_a_phone_offline_reaches_nothing_and_comes_back_as_the_same_origin(server, browser, links):
    link = links["A"]
    driver = phone(browser, link)
    assert driver.execute_script("return location.origin") == link.url
    driver.execute_script("""
        localStorage.setItem('e2e-kept', 'yes');
        window.__errors = 0;
        window.__events = new EventSource('/api/v1/events');
        window.__events.onerror = () => { window.__errors += 1; };""")
    until_js(driver, "return window.__events.readyState === EventSource.OPEN", message="no event stream")
    assert driver.execute_async_script(FETCH) == "answered 200"

    offline(driver)
    until_js(driver, "return window.__errors > 0", message="the event stream stayed open with the link down")
    assert driver.execute_async_script(FETCH).startswith("failed"), "the page reached the server offline"
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", link.port), timeout=2).close()
    # A reload: the service worker's own fetches (not covered by Chromium's emulation) find no server either.
    sent = link.sent
    driver.refresh()
    wait_ready(driver)
    time.sleep(0.5)
    assert link.sent == sent, "the page or its service worker sent the server a request while offline"
    assert driver.execute_script("return navigator.onLine") is False

    online(driver)
    assert driver.execute_async_script(FETCH) == "answered 200"
    assert link.sent > sent
    assert driver.execute_script("return [location.origin, localStorage.getItem('e2e-kept')]") == [link.url, "yes"]
