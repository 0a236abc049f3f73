"""A bare Kivy app with one Label: the floor the table's start is compared with (bench/start.py).

Run by bench/start.py with COMPANION_FIRST_FRAME=exit: it prints the monotonic time of its
second drawn frame and stops, counting frames as companion/ui/first_frame.py does (a copy,
so that nothing of the table is imported here).
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONFIG", "1")

from kivy.app import App  # noqa: E402 - Kivy reads the environment above when imported
from kivy.uix.label import Label  # noqa: E402


class BareApp(App):
    def build(self) -> Label:
        return Label(text="Game table")

    def on_start(self) -> None:
        if os.environ.get("COMPANION_FIRST_FRAME") != "exit":
            return
        from kivy.core.window import Window

        drawn = [0]

        def flipped(window) -> None:
            drawn[0] += 1
            if drawn[0] == 1:
                window.canvas.ask_update()
            elif drawn[0] == 2:
                with open("/proc/self/status", encoding="ascii") as status:
                    peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
                print(f"first-frame {time.monotonic():.6f} {time.process_time():.6f} {peak}", flush=True)
                Window.unbind(on_flip=flipped)
                self.stop()

        Window.bind(on_flip=flipped)


if __name__ == "__main__":
    BareApp().run()
