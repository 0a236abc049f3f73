"""The touchscreen app (Kivy). Nothing outside companion/ui imports Kivy."""
