"""Many tables, one hall: a table's topics bridged to the venue's broker (docs/hall.md).

    bridge.drop_in(config)       the table Mosquitto's bridge configuration, from [hall]
    join.main(argv)              `companion hall-join`: write [hall], the password and the drop-in
    plays.HallPlays              republishes the finished plays the hall does not yet hold
"""
