"""The conversation role on Firestore.

Layout (every document carries `expire_at`, the field of the TTL policy in infra/firestore):
  conversations/{conversation_key}                          venue_id, thread_id, status, customer_phone,
                                                            updated_at, body (the Conversation as JSON)
  conversations/{conversation_key}/conversation_messages/{seq:08d}  seq, body (a Message as JSON)
  conversation_threads/{sha256 of venue|thread}             conversation_key: the thread's current conversation
  conversation_answers/{sha256 of venue|thread|message_id}  conversation_key, body: the answer to replay
  client_profiles/{sha256 of venue|phone}                   venue_id, phone, body (the ClientProfile as JSON)

Bodies are JSON text, not maps: Firestore maps do not keep key order and a replayed answer must be
identical. One batch writes a turn (new messages, the conversation, the thread's pointer); the
thread's lease, held by the service, keeps two writers of one thread apart.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from google.cloud import firestore

from concierge.domain.conversation import ClientProfile, Conversation, ConversationStatus, Message

BATCH_LIMIT = 500


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


class FirestoreConversations:
    """Mixed into FirestoreStore, which provides the client as `db`."""

    db: firestore.Client

    def _conversation(self, conversation_key: str):
        return self.db.collection("conversations").document(conversation_key)

    def _messages(self, conversation_key: str):
        return self._conversation(conversation_key).collection("conversation_messages")

    def _thread(self, venue_id: str, thread_id: str):
        return self.db.collection("conversation_threads").document(_digest(venue_id, thread_id))

    def _profile(self, venue_id: str, phone: str):
        return self.db.collection("client_profiles").document(_digest(venue_id, phone))

    def _answer(self, venue_id: str, thread_id: str, message_id: str):
        return self.db.collection("conversation_answers").document(_digest(venue_id, thread_id, message_id))

    def current_conversation(self, venue_id: str, thread_id: str) -> Conversation | None:
        pointer = self._thread(venue_id, thread_id).get()
        if not pointer.exists:
            return None
        return self.get_conversation(venue_id, pointer.get("conversation_key"))

    def get_conversation(self, venue_id: str, conversation_key: str) -> Conversation | None:
        snapshot = self._conversation(conversation_key).get()
        if not snapshot.exists or snapshot.get("venue_id") != venue_id:
            return None
        return Conversation.model_validate_json(snapshot.get("body"))

    def save_conversation(
        self, conversation: Conversation, new_messages: list[Message], expire_at: dt.datetime
    ) -> Conversation:
        first = conversation.message_count
        saved = conversation.model_copy(update={"message_count": first + len(new_messages)})
        batch = self.db.batch()
        for i, message in enumerate(new_messages):
            seq = first + i
            batch.set(
                self._messages(saved.conversation_key).document(f"{seq:08d}"),
                {"seq": seq, "body": message.model_dump_json(), "expire_at": expire_at},
            )
        batch.set(
            self._conversation(saved.conversation_key),
            {
                "venue_id": saved.venue_id,
                "thread_id": saved.thread_id,
                "status": saved.status,
                "customer_phone": saved.customer_phone,
                "updated_at": saved.updated_at,
                "expire_at": expire_at,
                "body": saved.model_dump_json(),
            },
        )
        batch.set(
            self._thread(saved.venue_id, saved.thread_id),
            {"conversation_key": saved.conversation_key, "expire_at": expire_at},
        )
        batch.commit()
        return saved

    def messages(self, venue_id: str, conversation_key: str, since: int = 0) -> list[Message]:
        if self.get_conversation(venue_id, conversation_key) is None:
            return []
        query = self._messages(conversation_key).where(filter=firestore.FieldFilter("seq", ">=", since)).order_by("seq")
        return [Message.model_validate_json(s.get("body")) for s in query.stream()]

    def recent_messages(self, conversation: Conversation, limit: int) -> list[Message]:
        if limit <= 0:
            return []
        messages = self._messages(conversation.conversation_key)
        query = messages.order_by("seq", direction=firestore.Query.DESCENDING).limit(limit)
        return [Message.model_validate_json(s.get("body")) for s in reversed(list(query.stream()))]

    def conversations_in_status(self, venue_id: str, status: ConversationStatus) -> list[Conversation]:
        query = (
            self.db.collection("conversations")
            .where(filter=firestore.FieldFilter("venue_id", "==", venue_id))
            .where(filter=firestore.FieldFilter("status", "==", status))
        )
        found = [Conversation.model_validate_json(s.get("body")) for s in query.stream()]
        return sorted(found, key=lambda c: c.updated_at, reverse=True)

    def get_profile(self, venue_id: str, phone: str) -> ClientProfile | None:
        snapshot = self._profile(venue_id, phone).get()
        return ClientProfile.model_validate_json(snapshot.get("body")) if snapshot.exists else None

    def save_profile(self, profile: ClientProfile, expire_at: dt.datetime) -> None:
        self._profile(profile.venue_id, profile.phone).set(
            {
                "venue_id": profile.venue_id,
                "phone": profile.phone,
                "expire_at": expire_at,
                "body": profile.model_dump_json(),
            }
        )

    def answered(self, venue_id: str, thread_id: str, message_id: str) -> dict | None:
        snapshot = self._answer(venue_id, thread_id, message_id).get()
        return json.loads(snapshot.get("body")) if snapshot.exists else None

    def record_answer(
        self,
        venue_id: str,
        thread_id: str,
        message_id: str,
        conversation_key: str,
        answer: dict,
        expire_at: dt.datetime,
    ) -> None:
        self._answer(venue_id, thread_id, message_id).set(
            {"conversation_key": conversation_key, "expire_at": expire_at, "body": json.dumps(answer)}
        )

    def _of_client(self, venue_id: str, phone: str):
        return (
            self.db.collection("conversations")
            .where(filter=firestore.FieldFilter("venue_id", "==", venue_id))
            .where(filter=firestore.FieldFilter("customer_phone", "==", phone))
        )

    def client_threads(self, venue_id: str, phone: str) -> list[str]:
        return sorted({s.get("thread_id") for s in self._of_client(venue_id, phone).stream()})

    def purge_conversations(self, now: dt.datetime) -> int:
        return 0  # the TTL policy on `expire_at` (infra/firestore/indexes.json) deletes every document of them

    def forget_client(self, venue_id: str, phone: str) -> int:
        doomed = []
        conversations = list(self._of_client(venue_id, phone).stream())
        for snapshot in conversations:
            key = snapshot.id
            doomed += [m.reference for m in self._messages(key).stream()]
            answers = self.db.collection("conversation_answers").where(
                filter=firestore.FieldFilter("conversation_key", "==", key)
            )
            doomed += [a.reference for a in answers.stream()]
            thread = self._thread(venue_id, snapshot.get("thread_id"))
            pointer = thread.get()
            if pointer.exists and pointer.get("conversation_key") == key:
                doomed.append(thread)
            doomed.append(snapshot.reference)
        doomed.append(self._profile(venue_id, phone))
        for start in range(0, len(doomed), BATCH_LIMIT):
            batch = self.db.batch()
            for ref in doomed[start : start + BATCH_LIMIT]:
                batch.delete(ref)
            batch.commit()
        return len(conversations)
