"""Outputs that carry the public view off the table: MQTT for phones and dashboards.

For the app (import the submodules; this package itself imports nothing, so reading the
configuration never loads paho):

    from companion.broadcast.mqtt import Broadcaster
    from companion.broadcast.phone_url import page_url, qr_png

    broadcaster = Broadcaster(config, table)   # follows every game the table opens
    broadcaster.start()                        # returns at once; connects in the background
    broadcaster.status()                       # DeviceStatus("Broker", ...) for the status screen
    png = qr_png(page_url(config))             # the phone page's address as a QR code (PNG bytes)
    broadcaster.close()                        # on exit: says "offline", disconnects; safe twice
"""
