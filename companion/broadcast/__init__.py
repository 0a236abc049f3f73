"""Outputs that carry the public view off the table: MQTT for phones and dashboards.

For the app (import the submodules; this package itself imports nothing, so reading the
configuration never loads paho):

    from companion.broadcast.mqtt import Broadcaster
    from companion.broadcast.phone_url import qr_matrix, reachable_page_url

    broadcaster = Broadcaster(config, table)   # follows every game the table opens
    broadcaster.start()                        # returns at once; connects in the background
    broadcaster.status()                       # DeviceStatus("Broker", ...) for the status screen
    broadcaster.hall_status()                  # [DeviceStatus("Hall", ...)] with [hall], else []
    url = reachable_page_url(config)          # the phone page's address; None: no network yet
    rows = qr_matrix(url)                      # as a QR code (drawn by companion/ui/phone_code.py)
    broadcaster.close()                        # on exit: says "offline", disconnects; safe twice
"""
