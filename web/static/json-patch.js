/* RFC 6902 JSON Patch, as the live stream sends it: each message after a connection's first
   carries the patch that turns the view of the message before into its own. ChronicleJsonPatch.apply(doc, patch)
   returns a patched copy of doc (doc itself is left as it was). */
"use strict";
(function (exports) {
  function apply(doc, patch) {
    const top = { doc: structuredClone(doc) };
    const locate = (path) => {
      const tokens = ["doc", ...(path === "" ? [] : path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")))];
      let parent = top;
      for (const token of tokens.slice(0, -1)) parent = parent[token];
      return [parent, tokens[tokens.length - 1]];
    };
    const get = (path) => { const [parent, key] = locate(path); return parent[key]; };
    const remove = (path) => {
      const [parent, key] = locate(path);
      const value = parent[key];
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      return value;
    };
    const add = (path, value) => {
      const [parent, key] = locate(path);
      if (!Array.isArray(parent)) parent[key] = value;
      else if (key === "-") parent.push(value);
      else parent.splice(Number(key), 0, value);
    };
    for (const op of patch) {
      if (op.op === "add") add(op.path, op.value);
      else if (op.op === "remove") remove(op.path);
      else if (op.op === "replace") { const [parent, key] = locate(op.path); parent[key] = op.value; }
      else if (op.op === "move") add(op.path, remove(op.from));
      else if (op.op === "copy") add(op.path, structuredClone(get(op.from)));
      else if (op.op === "test") {
        if (JSON.stringify(get(op.path)) !== JSON.stringify(op.value)) throw new Error(`the patch's test failed at ${op.path}`);
      } else throw new Error(`a patch operation this page does not know: ${op.op}`);
    }
    return top.doc;
  }

  exports.apply = apply;
})(typeof module === "object" && module.exports ? module.exports : (window.ChronicleJsonPatch = {}));
