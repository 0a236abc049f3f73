"""Many tables, one hall: a table's topics bridged to the venue's broker (docs/hall.md).

    settings.KEYS                [hall] in the table's configuration
    topics                       the hall's topics beyond the table's own (link, plays, held)
    bridge.drop_in(config, pw)   the table Mosquitto's bridge configuration, from [hall]
    join.main(argv)              `companion hall-join`: the table's own login, the venue's CA, [table], [hall], the drop-in
    enrol                        the table's own login at the venue, made with the organiser's password
    table_id                     the table's id at the venue: the shipped one refused, one in use seen
    config_text                  the configuration file edited as text, comments and order kept
    export.main(argv)            `companion hall-export`: the plays the venue holds, as files

The table's side at run time (republishing what the bridge may have lost) is part of the MQTT
adapter: companion/broadcast/hall_link.py, owned by the Broadcaster.
"""
