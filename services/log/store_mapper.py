"""How a save's events become stored rows: the library's mapper and event store (eventsourcing
9.5.6, pinned), with a game's `Recorded` events written in fewer steps.

A decision's events share one cause. The library encodes each event's whole state (timestamp,
domain event, cause, chain) as one JSON object, the cause again for every event; here the object
is written in its parts, each encoded by the same transcoder's encoder, and a cause shared by the
events of one save is encoded once. The bytes are the same: JSON encodes an object's values as
it encodes them alone, and the parts are joined in the order of the event's fields, as the
library's `vars` gives them. The strings among them (the chain, the timestamp's text as its
transcoding gives it) are encoded by the function the encoder uses for strings. Every other
event, and any store that compresses or encrypts, goes the library's way.
"""

from __future__ import annotations

from datetime import datetime
from json.encoder import encode_basestring
from typing import Any, Sequence

from eventsourcing.persistence import EventStore, JSONTranscoder, Mapper, Notification, Recording, StoredEvent
from eventsourcing.utils import get_topic

from services.log.game import Game

RECORDED_TOPIC = get_topic(Game.Recorded)


class GameMapper(Mapper):
    """The library's mapper, with `to_stored_events` for a save's events together."""

    def to_stored_events(self, domain_events: Sequence[Any]) -> list[StoredEvent]:
        """Each event as `to_stored_event` stores it."""
        transcoder = self.transcoder
        if (self.compressor or self.cipher or not isinstance(transcoder, JSONTranscoder)
                or transcoder.encoder.ensure_ascii or datetime not in transcoder.types):
            return [self.to_stored_event(event) for event in domain_events]
        encode = transcoder.encoder.encode
        stamp = transcoder.types[datetime]  # the timestamp's transcoding, as the encoder's default hook finds it
        stamp_head = '{"_type_":' + encode_basestring(stamp.name) + ',"_data_":'
        causes: dict[int, str] = {}  # id of a cause -> its JSON, for this save (its events keep it alive)
        stored = []
        for event in domain_events:
            if type(event) is not Game.Recorded:
                stored.append(self.to_stored_event(event))
                continue
            cause = event.cause
            if (encoded_cause := causes.get(id(cause))) is None:
                encoded_cause = causes[id(cause)] = encode(cause)
            if type(event.timestamp) is not datetime or type(event.chain) is not str:
                stored.append(self.to_stored_event(event))
                continue
            timestamp = stamp_head + encoded_text(stamp.encode(event.timestamp), encode) + "}"
            state = (f'{{"timestamp":{timestamp},"domain_event":{encode(event.domain_event)},'
                     f'"cause":{encoded_cause},"chain":{encode_basestring(event.chain)}}}')
            stored.append(StoredEvent(originator_id=event.originator_id, originator_version=event.originator_version,
                                      topic=RECORDED_TOPIC, state=state.encode("utf8")))
        return stored


def encoded_text(value: Any, encode) -> str:
    """`value` as `encode` writes it: a plain string by the encoder's own function for strings."""
    return encode_basestring(value) if type(value) is str else encode(value)


class GameEventStore(EventStore):
    """The library's event store, its `put` (9.5.6) mapping a save's events together."""

    mapper: GameMapper

    def put(self, domain_events: Sequence[Any], **kwargs: Any) -> list[Recording]:
        stored_events = self.mapper.to_stored_events(domain_events)
        notification_ids = self.recorder.insert_events(stored_events, **kwargs)
        if not notification_ids:
            return []
        assert len(notification_ids) == len(stored_events)
        return [
            Recording(domain_event, Notification(originator_id=stored.originator_id,
                                                 originator_version=stored.originator_version,
                                                 topic=stored.topic, state=stored.state, id=notification_id))
            for domain_event, stored, notification_id in zip(domain_events, stored_events, notification_ids, strict=True)
        ]
