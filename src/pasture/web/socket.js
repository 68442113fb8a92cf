// One websocket to a table (/ws/tables/<id>): hello with the seat token and the last
// version seen, then views, events, acks and errors (with `batch`, what one change sends
// arrives as one frame: an array of messages, handled in order). A dropped connection reconnects by
// itself and catches up from the last version; an unanswered action is sent again with
// the same id (the server answers a repeated id without applying it twice).

const REFUSED = new Set([4400, 4403, 4404, 4408, 4413]); // the server said no: do not retry

export class TableSocket {
  constructor(tableId, token, { onMessage, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.version = 0; // the newest version seen in a view or event
    this.ws = null;
    this.stopped = false;
    this.retries = 0;
    this.pending = null; // the act message waiting for its ack or error
    this.counter = 0;
    this.pinger = null;
    this.welcomes = 0; // how many times the server has welcomed this page (1 + reconnects)
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.onStatus(this.retries ? "reconnecting" : "connecting");
    ws.addEventListener("open", () => {
      const hello = { type: "hello", since: this.version, batch: true };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
      if (this.pending) ws.send(JSON.stringify(this.pending));
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (e) => {
      let data;
      try {
        data = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      for (const message of Array.isArray(data) ? data : [data]) this.receive(message);
    });
    ws.addEventListener("close", (e) => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.stopped) return;
      if (REFUSED.has(e.code)) {
        this.onStatus("refused");
        return;
      }
      this.retries += 1;
      this.onStatus("reconnecting");
      const wait = Math.min(5000, 300 * 2 ** Math.min(this.retries, 5));
      setTimeout(() => !this.stopped && this.connect(), wait);
    });
  }

  /** One message from the server, in the order sent. */
  receive(message) {
    if (message.type === "welcome") {
      this.welcomes += 1;
      this.retries = 0;
      this.onStatus("online");
    }
    if ((message.type === "view" || message.type === "event") && message.version > this.version) {
      this.version = message.version;
    }
    if ((message.type === "ack" || message.type === "error") && this.pending && message.id === this.pending.id) {
      this.pending = null;
    }
    this.onMessage(message);
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send an action chosen on the view at `version`; resolves via onMessage (ack/error). */
  act(action, version) {
    this.counter += 1;
    const id = `${Date.now().toString(36)}-${this.counter}`;
    this.pending = { type: "act", action, version, id };
    this.send(this.pending);
    return id;
  }

  /** Drop the connection as a network failure would (reconnects by itself). */
  drop() {
    if (this.ws) this.ws.close(4000);
  }

  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
  }
}
