"""Outputs that carry the public view off the table: MQTT for phones and dashboards.

For the app (import the submodules; this package itself imports nothing, so reading the
configuration never loads paho):

    from companion.broadcast.mqtt import Broadcaster
    from companion.broadcast.phone_url import page_url, qr_matrix

    broadcaster = Broadcaster(config, table)   # follows every game the table opens
    broadcaster.start()                        # returns at once; connects in the background
    broadcaster.status()                       # DeviceStatus("Broker", ...) for the status screen
    rows = qr_matrix(page_url(config))         # the phone page's address as a QR code (the
                                               # touchscreen draws it: companion/ui/phone_code.py)
    broadcaster.close()                        # on exit: says "offline", disconnects; safe twice
"""
