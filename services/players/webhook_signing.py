"""Signing webhooks the Standard Webhooks way (https://www.standardwebhooks.com).

`webhook-id` names the delivery (the same on every retry of it), `webhook-timestamp` is the second
of the attempt, and `webhook-signature` is `v1,<base64 HMAC-SHA-256 of "id.timestamp.body">` keyed
by the player's secret, `whsec_<base64>`. The `standardwebhooks` library signs, and any receiver
can verify with it (or any other implementation of the standard); its verification refuses a
timestamp more than five minutes off, so a captured notice cannot be replayed later.
"""

from __future__ import annotations

import base64
import secrets
from datetime import datetime, timezone

from standardwebhooks import Webhook

SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    """A signing secret as the standard writes it: `whsec_` and 32 random bytes in base64."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def signer(secret: str) -> Webhook:
    """The signer of a player's notices. A secret set before `whsec_` secrets (a plain string)
    keys the HMAC with its own bytes, as it did then."""
    return Webhook(secret if secret.startswith(SECRET_PREFIX) else secret.encode())


def signed_headers(secret: str, delivery: str, body: bytes, at: float) -> dict[str, str]:
    """The headers of one attempt at `delivery` of the JSON `body`, signed for the second `at`."""
    second = int(at)
    signature = signer(secret).sign(delivery, datetime.fromtimestamp(second, tz=timezone.utc), body.decode())
    return {
        "Content-Type": "application/json",
        "User-Agent": "tabletop-chronicle-webhook",
        "webhook-id": delivery,
        "webhook-timestamp": str(second),
        "webhook-signature": signature,
    }
