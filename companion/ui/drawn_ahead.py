"""Words of a screen not shown yet, drawn into their textures ahead of the touch that shows it.

Kivy renders a label's words into its texture lazily, when the texture is first bound for
drawing. A screen built at a touch therefore renders and uploads every one of its words inside
the frame that answers the touch (the options screen's rows and words were about 40 ms of its
touch's app thread here), and a software renderer (Mesa's llvmpipe, where there is no GPU) can
stop at an upload until the frames it still owes are rasterised. A screen a player
is about to open (the options while they type names) is built and laid out at the window's size
beforehand, and its words are drawn here, while nobody waits for that frame.
"""

from __future__ import annotations

from kivy.graphics.texture import Texture
from kivy.uix.widget import Widget


def draw_words_ahead(root: Widget) -> None:
    """Render every pending label texture under `root` now (binding runs Kivy's deferred fill).
    Call it after the layout has settled, or a label that is resized later renders again when
    shown."""
    for widget in root.walk(restrict=True):
        texture = getattr(widget, "texture", None)
        if isinstance(texture, Texture):
            texture.bind()
