"""Players: their accounts and keys, the callbacks that tell them it is their turn (webhooks,
signed, to checked destinations), and challenges between them.
"""
