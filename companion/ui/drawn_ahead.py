"""Words of a screen not shown yet, drawn into their textures ahead of the touch that shows it.

Kivy renders a label's words into its texture lazily, when the texture is first bound for
drawing. A screen built at a touch therefore renders and uploads every one of its words inside
the frame that answers the touch, and a software renderer (Mesa's llvmpipe, where there is no
GPU) stops at the first upload until every frame it still owes is rasterised: about 50 ms on a
quiet 2-core machine for the options screen, several times that on a loaded one. A screen a player
is about to open (the options while they type names) is built and laid out at the window's size
beforehand, and its words are drawn here, while nobody waits for that frame.
"""

from __future__ import annotations

from kivy.graphics.texture import Texture
from kivy.uix.widget import Widget


def draw_words_ahead(root: Widget) -> int:
    """Render every pending label texture under `root` now (binding runs Kivy's deferred fill);
    how many textures were bound. Call it after the layout has settled, or a label that is
    resized later renders again when shown."""
    bound = 0
    for widget in root.walk(restrict=True):
        texture = getattr(widget, "texture", None)
        if isinstance(texture, Texture):
            texture.bind()
            bound += 1
    return bound
