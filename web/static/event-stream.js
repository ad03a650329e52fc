/* Reading a server-sent event stream with fetch, so that a seat's token or a player's key travels
   in a header (EventSource sends none). ChronicleEventStream.read(url, headers, onEvent) calls
   onEvent({ event, data, id }) for each message (comments and retry lines are skipped) and
   answers "over" when the server says there is nothing to follow (204), "ended" when the stream
   closes; a refused answer is thrown. The caller decides when to open it again. */
"use strict";
window.ChronicleEventStream = {
  async read(url, headers, onEvent) {
    const answer = await fetch(url, { headers: Object.assign({ Accept: "text/event-stream" }, headers) });
    if (answer.status === 204) return "over";
    if (!answer.ok || !answer.body) throw new Error(`the stream answered ${answer.status}`);
    const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return "ended";
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const message = this.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message) onEvent(message);
      }
    }
  },

  /* One block of the stream: its event name, data lines joined, and id; null without data. */
  parse(block) {
    const message = { event: "message", data: [], id: null };
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (name === "data") message.data.push(value);
      else if (name === "event") message.event = value;
      else if (name === "id") message.id = value;
    }
    return message.data.length ? Object.assign(message, { data: message.data.join("\n") }) : null;
  },
};
