"""One Kivy screen a file."""
