// What a webhook carries: the event and the revision's answers as the wizard sent them (its files
// named by key and SHA-256, not by upload id, the capability that owns them), and the facts of
// its files (field, name, type, size, sha256, width, height: never their bytes). The same
// bytes on every attempt (the timestamp is when the application arrived, not when it is sent), so
// a team that keeps a message's webhook-id can drop a repeat whatever its attempt. A change of status
// (`application.status_changed`) carries { id, status, changedAt } only.

/**
 * @param {import('./webhook-deliveries.mjs').ClaimedDelivery} delivery
 * @returns {string}
 */
export function webhookPayload(delivery) {
  // A change of status carries the change only: where the application stands, not its answers.
  if (delivery.statusChange) {
    return JSON.stringify({
      type: delivery.type,
      timestamp: delivery.statusChange.changedAt,
      data: { id: delivery.applicationId, status: delivery.statusChange.status, changedAt: delivery.statusChange.changedAt },
    });
  }
  return JSON.stringify({
    type: delivery.type,
    timestamp: delivery.receivedAt,
    data: {
      id: delivery.applicationId,
      revision: delivery.revision,
      receivedAt: delivery.receivedAt,
      language: delivery.language,
      body: delivery.body,
      files: delivery.files,
    },
  });
}
