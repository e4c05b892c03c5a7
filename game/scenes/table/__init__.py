"""The card table: one scene for every game (issue 7).

``TableScene(app, preset)`` is what the preset screen's Start button pushes;
``TableScene.resume(app)`` rebuilds the autosaved match (None when there is none or it cannot be
replayed, in which case it is set aside and the player is told why, once).

The scene draws the felt, the seats (name, AI badge, cards left, finishing place, dealer mark,
the current player lit), each seat's last play in front of it, the human's hand and the action
buttons, plus the preset's header (levels, trump, points, totals), and overlays: the meaning
chooser (G5.5), the last trick (Shengji) and the result panel at the end of each deal. The rules
run in :class:`game.table.TableController`; the AI thinks off the frame loop. The scene reads
the table through the controller's per-position snapshot (``controller.frame()``, a frozen
:class:`game.table.frame.TableFrame`), never the engine's state.

The package (issues 39, 53: the scene is composed of objects, each given what it uses, never
the scene): ``scene.py`` construction and the Scene protocol,
drawn by ``picture.py`` (the layers bottom to top, what moves); ``match.py`` the match it
plays (its controller, the autosave, the deal-end service); ``flow.py`` the controller's
events shown on the table; ``state.py`` what lies on the table (:class:`TableState`: plays,
cards in flight, banner, message, the clocks) with ``modals.py``'s :class:`Modals`, the one
owner of the panel up; ``geometry.py`` where things lie at one window size
(:class:`TableLayout`, from ``layout.py``'s arrangement); ``flights.py`` the cards in flight;
``pen.py`` text at the table's scale; ``drawing.py`` the drawer (felt, plays, hand, message,
banner) and ``seating.py`` the seats' plates; ``plays.py`` one seat's play (the replay draws
with it too); ``hand.py`` the player's hand (order, selection); ``actions.py`` the player's
moves and actions (play, pass, hint, next deal, new match) and the commands of the buttons and
keys; ``bar.py`` the fixed action bar and the result's input guard; ``overlays.py`` the panel up:
the chooser (``chooser.py``), last trick (``last_trick.py``), result panel
(``result_panel.py``, its buttons ``result_buttons.py``) and house rules (``house.py``),
each with its buttons and keys;
``counter_panel.py`` the card counter; ``events.py`` input routing (a lesson's note, a ceremony, the
overlay up, the bar, the hand, then the table's keys); ``ceremony.py`` the moments with
ceremony; ``lesson.py`` a lesson at the table; ``coach.py`` the coach's note;
``context.py`` the :class:`TableContext` a game's View draws through; ``view.py`` the
:class:`GameView` defaults, ``team_view.py`` the team games' :class:`TeamView`; each game's ``game/games/<id>/view.py`` a class ``View`` with what
differs: header and side panels, phase prompts and buttons, passing, the last trick,
announcements and the result rows.

Keyboard: ←/→ move the focus over the hand, Space selects, Enter plays (or confirms the return
card or the bury), P passes, H hints, S toggles the sort, L shows the last trick (Shengji),
N (or a fresh Enter) next deal on the result panel, which ignores input for a moment after it
opens, Esc closes an overlay; any key or click skips a ceremony (issue 40).

Choices where the spec is silent:
- Plays stay in front of their seat until a new round (climbing games) or trick (Shengji) is
  led, so the last trick of Shengji stays readable until the next lead; the Last trick button
  shows the previous finished trick at any time.
- Dealing is one short animation (cards fly from the centre to the seats) before the hand
  appears; tributes, returns and every play fly from seat to seat or to the table.
- The result panel opens a moment after the deal's last play so the play can be seen (longer
  when a double finish or a level-up has its ceremony first).
- The ringed "leading" play: in a climbing game the latest play of cards of the round (each
  beats the one before), in Shengji the play winning the trick so far (S4.5); it stays ringed
  until the next lead. A tribute is open to everyone (G3.3 says nothing of secrecy; players
  show it), a return card only to its giver and receiver.
- ``--autoplay`` runs never write the autosave (they would replace the player's match).
- Shengji S2.5: the revealed kitty lies face up in the centre for ``KITTY_SHOW_TIME``, then
  glides to the dealer and the table rests ``TAKE_SHOW_TIME`` (both at animation speed 50 %,
  scaled by the animation speed, independent of the AI think delay) before anyone moves.
- Numbers go through ``i18n.format_number`` (signed ones with ``signed=True``), ranks and
  levels through ``info.rank_label`` (as printed on the cards, Latin in every language); cards inside sentences are
  written rank + suit symbol (``10♥``), jokers by name; counts use plural groups.
- Right-to-left languages: the levels panel and the player's own plate move to the right,
  the Shengji points panel to the left, button rows read from the right (the main action
  first), panels' text, the last trick and the result's kitty start at the right. The seats
  themselves keep their places (turns still run counter-clockwise).
- A message too long for one line wraps upwards onto a second line; every message sits on a
  dark plate so that its colour stays readable on the felt.
"""

from game.scenes.table.layout import KITTY_SHOW_TIME, TAKE_SHOW_TIME
from game.scenes.table.scene import TableScene

__all__ = ["KITTY_SHOW_TIME", "TAKE_SHOW_TIME", "TableScene"]
