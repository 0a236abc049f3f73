"""The table's physical controls, by name. Inputs (GPIO, keyboard in sim mode) emit these;
each game's `Game.control` says what they mean at this moment."""

CONFIRM = "confirm"
UNDO = "undo"
REDO = "redo"  # a long hold on the undo button
PASS = "pass"
ROLL = "roll"
DIAL_UP = "dial_up"  # rotary encoder one step clockwise
DIAL_DOWN = "dial_down"  # rotary encoder one step anticlockwise
DIAL_PUSH = "dial_push"  # the encoder's push button

ALL = (CONFIRM, UNDO, REDO, PASS, ROLL, DIAL_UP, DIAL_DOWN, DIAL_PUSH)

LABELS = {
    CONFIRM: "Confirm",
    UNDO: "Undo",
    REDO: "Redo",
    PASS: "Pass",
    ROLL: "Roll",
    DIAL_UP: "Dial up",
    DIAL_DOWN: "Dial down",
    DIAL_PUSH: "Dial push",
}
