// What a webhook carries: the event and the revision's answers as the wizard sent them. The same
// bytes on every attempt (the timestamp is when the application arrived, not when it is sent), so
// a team that keeps a message's webhook-id can drop a repeat whatever its attempt.

/**
 * @param {import('../store/webhook-deliveries.mjs').ClaimedDelivery} delivery
 * @returns {string}
 */
export function webhookPayload(delivery) {
  return JSON.stringify({
    type: delivery.type,
    timestamp: delivery.receivedAt,
    data: {
      id: delivery.applicationId,
      revision: delivery.revision,
      receivedAt: delivery.receivedAt,
      language: delivery.language,
      body: delivery.body,
    },
  });
}
