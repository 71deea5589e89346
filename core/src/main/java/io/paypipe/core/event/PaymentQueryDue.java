package io.paypipe.core.event;

import org.jspecify.annotations.Nullable;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * An order must be queried at its channel (the active query, Pull): consumed by
 * reconcile-service on {@code payment.query} and its delayed retry topics (the query
 * ladder) while the order is pending, {@code attempt} counting from 1, until
 * {@code expiresAt}, after which the order is closed at the channel. {@code spMerchantId}
 * is the service provider in service-provider mode, otherwise null.
 */
public record PaymentQueryDue(EventId eventId, OrderKey orderKey, @Nullable MerchantId spMerchantId, Channel channel,
        Reason reason, int attempt, Instant dueAt, Instant expiresAt) {

    /** Why the query was scheduled. */
    public enum Reason {

        /** The first query of every order, some minutes after its creation. */
        ORDER_CREATED,
        /**
         * A callback whose signature failed named a known order: never trusted, but the
         * order is queried early.
         */
        UNVERIFIED_CALLBACK,
        /**
         * A dead letter of {@code payment.notify} whose order can be named: queried
         * before a person is asked.
         */
        DEAD_LETTER,
        /**
         * The channel's bill lists a payment of the order that the ledger lacks
         * (reconcile-service's CHANNEL_ONLY difference): queried so that the normal path
         * records it, also when the order was closed meanwhile.
         */
        BILL_CHANNEL_ONLY

    }

}
