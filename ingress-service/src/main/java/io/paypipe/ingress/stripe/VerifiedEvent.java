package io.paypipe.ingress.stripe;

import tools.jackson.databind.JsonNode;

/**
 * A Stripe event whose signature {@code merchant}'s endpoint secret verified (and that
 * stripe-java's {@code Webhook.constructEvent} accepted). {@code id}, {@code type},
 * {@code created} and {@code object} ({@code data.object}) are read strictly from the raw
 * JSON, not from the SDK's typed model: that model is filled only when the event's
 * {@code api_version} is the SDK's own, while a Stripe account sends events in the
 * version it is pinned to. {@code body} is the body exactly as received.
 */
record VerifiedEvent(StripeMerchant merchant, String id, String type, long created, JsonNode object, String body) {

    @Override
    public String toString() {
        return "VerifiedEvent[" + merchant + " " + id + " " + type + "]";
    }
}
