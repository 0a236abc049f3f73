"""Outputs that carry the public view off the table: MQTT for phones and dashboards."""
