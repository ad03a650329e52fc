"""Write chronicle_client/operations.py from the server's OpenAPI document.

Run from the repository's root with the server's virtual environment (the document is built in
process from the Flask app, as the tests build it, so no server need run):

    .venv/bin/python clients/python/generate.py

One method per operationId (in snake_case): path parameters positional, query parameters and
headers keyword-only, the body and the answer typed by TypedDicts for the schemas that are objects
with properties (plain `dict[str, Any]` otherwise); each method's docstring is the operation's
summary. tests/client/test_generated.py fails when the file committed differs from what this writes.
"""

from __future__ import annotations

import keyword
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TARGET = HERE / "chronicle_client" / "operations.py"
METHODS = ("get", "post", "put", "patch", "delete")
SIMPLE = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}

HEADER = '''"""The API's operations, one method per operationId: WRITTEN BY clients/python/generate.py
from the server's OpenAPI document; do not edit (tests/client/test_generated.py checks it).

Client (chronicle_client.client) supplies `_call` (retries, problems raised as exceptions) and
`_events` (one connection of a server-sent event stream); its own methods read better where the
generated ones are raw (act, game_stream, my_stream)."""

from __future__ import annotations

from typing import Any, Iterator, Literal, TypedDict

from chronicle_client.sse import Message
'''


def document() -> dict:
    """The OpenAPI document, as the server serves it at /openapi.json."""
    sys.path.insert(0, str(ROOT))
    from services.compose import build
    from web.app import create_app

    app = create_app(services=build({"PERSISTENCE_MODULE": "eventsourcing.popo"}))
    answer = app.test_client().get("/openapi.json")
    assert answer.status_code == 200, answer.status_code
    return answer.json


def snake(name: str) -> str:
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).replace("-", "_").lower()
    return name + "_" if keyword.iskeyword(name) else name


class Types:
    """Python annotations for the document's schemas; the TypedDicts it needs, by name."""

    def __init__(self, schemas: dict):
        self.schemas = schemas

    def is_record(self, schema: dict) -> bool:
        return schema.get("type", "object") == "object" and bool(schema.get("properties"))

    def of(self, schema: dict | None) -> str:
        if not schema:
            return "Any"
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            return name if self.is_record(self.schemas[name]) else "dict[str, Any]"
        if "anyOf" in schema or "oneOf" in schema:
            options = [self.of(option) for option in schema.get("anyOf") or schema.get("oneOf")]
            nullable = any(option.get("nullable") for option in schema.get("anyOf") or schema.get("oneOf"))
            # An `{"type": "object", "nullable": true}` beside a $ref is how marshmallow writes "or null".
            chosen = [o for o, s in zip(options, schema.get("anyOf") or schema.get("oneOf"))
                      if not (s.get("nullable") and s.get("type") == "object" and "properties" not in s)]
            text = " | ".join(dict.fromkeys(chosen or options))
            return f"{text} | None" if nullable and "None" not in text else text
        kind = schema.get("type")
        if "enum" in schema and kind == "string":
            text = "Literal[" + ", ".join(repr(value) for value in schema["enum"]) + "]"
        elif kind in SIMPLE:
            text = SIMPLE[kind]
        elif kind == "array":
            text = f"list[{self.of(schema.get('items'))}]"
        else:
            text = "dict[str, Any]"
        return f"{text} | None" if schema.get("nullable") else text

    def records(self) -> str:
        out = []
        for name, schema in self.schemas.items():
            if not self.is_record(schema):
                continue
            out.append(f"\n\nclass {name}(TypedDict, total=False):")
            if schema.get("description"):
                out.append(f"    {quote(schema['description'])}\n")
            for field, sub in schema["properties"].items():
                line = f"    {field}: {self.of(sub)}"
                if sub.get("description"):
                    line += "  # " + " ".join(sub["description"].split())
                out.append(line if len(line) <= 120 else line[:116].rstrip() + " ...")
        return "\n".join(out) + "\n"


def quote(text: str, indent: str = "    ") -> str:
    text = text.strip().replace("\\", "\\\\").replace('"""', "'''")
    lines = text.splitlines()
    if len(lines) == 1 and len(lines[0]) <= 110:
        return f'"""{lines[0]}"""'
    body = "\n".join(indent + line if line else "" for line in lines)
    return f'"""\n{body}\n{indent}"""'


def body_schema(operation: dict) -> dict | None:
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("schema") if content else None


def answer(operation: dict) -> tuple[str, dict | None]:
    """The media type of the operation's first success, and its schema."""
    for status, response in sorted(operation["responses"].items()):
        if status.startswith("2") and response.get("content"):
            media, content = next(iter(response["content"].items()))
            return media, content.get("schema")
    return "", None


def method(types: Types, path: str, verb: str, item: dict, operation: dict) -> str:
    parameters = item.get("parameters", []) + operation.get("parameters", [])
    in_path = [p for p in parameters if p["in"] == "path"]
    in_path.sort(key=lambda p: path.index("{" + p["name"] + "}"))
    keywords = [p for p in parameters if p["in"] in ("query", "header")]
    body = body_schema(operation)
    media, result = answer(operation)

    signature = ["self"] + [f"{snake(p['name'])}: {types.of(p.get('schema'))}" for p in in_path]
    if body is not None:
        required = operation["requestBody"].get("required", False)
        signature.append(f"body: {types.of(body)}" + ("" if required else " | None = None"))
    if keywords:
        signature.append("*")
        signature += [f"{snake(p['name'])}: {types.of(p.get('schema'))} | None = None" for p in keywords]
    if media == "text/event-stream":
        returns = "Iterator[Message]"
    elif media == "application/json":
        returns = types.of(result)
    elif media:
        returns = "str"
    else:
        returns = "None"

    name = snake(operation["operationId"])
    lines = [f"    def {name}({', '.join(signature)}) -> {returns}:"]
    if len(lines[0]) > 120:
        lines = [f"    def {name}(", *(f"        {part}," for part in signature), f"    ) -> {returns}:"]
    lines.append("        " + quote(operation.get("summary", operation["operationId"]), "        "))
    target = "f" + repr(re.sub(r"\{(\w+)\}", lambda m: "{" + snake(m.group(1)) + "}", path)) if in_path else repr(path)
    query = ", ".join(f"{p['name']!r}: {snake(p['name'])}" for p in keywords if p["in"] == "query")
    headers = ", ".join(f"{p['name']!r}: {snake(p['name'])}" for p in keywords if p["in"] == "header")
    if media == "text/event-stream":
        call = f"        return self._events({target}, query={{{query}}}, headers={{{headers}}})"
        if len(call) > 120:
            call = (f"        return self._events(\n            {target},\n            query={{{query}}},\n"
                    f"            headers={{{headers}}},\n        )")
        lines.append(call)
        return "\n".join(lines)
    arguments = [repr(verb.upper()), target]
    if query:
        arguments.append(f"query={{{query}}}")
    if body is not None:
        arguments.append("body=body")
    if headers:
        arguments.append(f"headers={{{headers}}}")
    if any(p["in"] == "header" and p["name"] == "Idempotency-Key" for p in keywords):
        arguments.append("idempotent=True")
    if media not in ("application/json", ""):
        arguments.append("text=True")
    call = f"        return self._call({', '.join(arguments)})"
    if len(call) > 120:
        call = "        return self._call(\n" + "".join(f"            {a},\n" for a in arguments) + "        )"
    lines.append(call)
    return "\n".join(lines)


def render(doc: dict) -> str:
    types = Types(doc["components"]["schemas"])
    methods = []
    for path, item in doc["paths"].items():
        for verb in METHODS:
            if verb in item:
                methods.append(method(types, path, verb, item, item[verb]))
    return (HEADER + types.records() + "\n\nclass Operations:\n"
            + '    """Every operation of the API, as a method."""\n\n'
            + "    def _call(self, method: str, path: str, **request: Any) -> Any:\n"
            + "        raise NotImplementedError\n\n"
            + "    def _events(self, path: str, query: dict, headers: dict) -> Iterator[Message]:\n"
            + "        raise NotImplementedError\n\n"
            + "\n\n".join(methods) + "\n")


def main() -> None:
    TARGET.write_text(render(document()))
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
