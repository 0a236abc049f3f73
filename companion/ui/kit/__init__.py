"""The board kit: the parts every game's board is built from, knowing no game.

A board (companion/ui/boards/<id>/) gets the session's view; the legal actions arrive as JSON
with typed fields (companion/core/fields.py). The kit reads those fields and draws the common
parts, so a board keeps only its own game's words and layout.

Reading the fields (kit.fields, no Kivy)
    values(field, chosen)     what a choice or range takes now; `chosen` is the action so far,
                              against which an option's `unless` is read
    every_value(field)        every value it shows, greyed ones too (where a pad puts buttons)
    label(field, value)       the option's words for a value
    resolve(field, chosen)    the field as asked now: None when its `when` does not hold; for a
                              `depends` field, the case for the value chosen ({"player": "Ann"})
    cases(field)              the values a `depends` field has cases for
    count / listed            how many values, and whether the value is a list
    slots(field)              where each value of a range belongs in the public view, as paths
                              (["players", 1, "cards", 2]): the card to frame while asking
    group(field, name)        the field with only one group's options (a deck's numbers, its
                              named cards): one pad each, side by side

Layout (kit.layout)
    caption(text)             the words over a panel's buttons
    Prompt(text, reserve)     a caption as tall as the tallest of `reserve`: what lies below it
                              stays in place while its words change from step to step
    button(text, on)          a finger-sized button; `primary=True` for the main one
    grid(widgets, cols)       widgets in rows of `cols`, as tall as its rows
    spacer()                  takes the height left over; GAP is the panels' spacing
    READABLE                  the smallest words a player must read (20 px)

A weighty action (kit.weighty): a touch that ends something for its player (a spec marked
`weighty`, such as a Pass that ends one's round)
    action_button(spec, on, text=None, primary=False)   the button of a legal action: a weighty
                              one is quiet (outlined in red, never the main button) and takes two
                              touches: the first arms it ("Tap again to confirm"), the second acts;
                              it goes back to sleep after ARMED_SECONDS
    WeightyButton(text, on)   that button; press it in code with dispatch("on_release")

Choices (kit.toggle)
    toggle(text, on, changed, group=None)   a chip that stays down (one per group)
    name_chip(name, on, chosen, group)      a player's name, shortened rather than broken

Value pads (kit.pad)
    value_grid(values, choose, back=None)   one button per value for a single question
    ValuePad(fields, choose, back=None)     the pad of a whole entry of several steps: one button
        for every value of every field, in the same place from the first step to the last;
        pad.offer(field, back=True) greys what the step does not take (disabled, never removed),
        so a quick second tap means the same value, or nothing; labels={value: words} a board's
        own words for a value, words=size draws names (not numbers) wrapped and fitted to their
        buttons, never below READABLE; fill=True shares out the panel's height among the rows

Cards (kit.cards)
    CardRow(style)            a row of cards ({"face", "value"} as a view shows them), as large as
                              the row allows, over up to three lines; mark(positions) frames
                              cards; position_at(pos) is the card under a finger
    CardStyle(face, ink, back, edge)        the colours (PLAIN by default; a game gives its own)

Players and scores (kit.player_row, kit.score_frame)
    PlayerRow(middle)         a player's row: colour stripe, name over a second line, `middle`
                              (a CardRow), a number with a tag; show(name, colour, acting,
                              line2=, number=, tag=) outlines it while acting; dim(on); a touch
                              calls row.touched(player, what in the middle is under the finger)
    ScoreFrame(words, big)    a player's score read from across the table: the name (shrunk to fit
                              a narrow frame, not below `words`), a number as large as `big` where
                              its row has room, a bar against a target with what is left; show(...);
                              add_row(widget) for a game's own lines under it

The dial (kit.dial)
    DialCursor()              where the table's dial rests on a pad, kept by the board (never a
                              move): offer(every value, possible values) on each refresh; step(+1/-1)
                              wraps round and skips greyed values; answer(control) says what a dial
                              step or a push means; highlighted is the value to frame

Nothing here names a game: a test fails if a file in the kit does.
"""
