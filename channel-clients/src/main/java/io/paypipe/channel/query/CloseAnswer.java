package io.paypipe.channel.query;

/**
 * What a channel answered to an order close, one record per row of the channel's explicit
 * answer table. {@link AlreadyPaid}: the channel refused because the order is paid;
 * {@link RateLimited} and {@link Failed} are transient; {@link Unknown} is for a person.
 */
public sealed interface CloseAnswer {

    /** The order is closed at the channel (now or before): it can no longer be paid. */
    record Closed() implements CloseAnswer {
    }

    record AlreadyPaid(String code) implements CloseAnswer {
    }

    record NotFound(String code) implements CloseAnswer {
    }

    record RateLimited(String code) implements CloseAnswer {
    }

    record Failed(String reason) implements CloseAnswer {
    }

    record Unknown(String what) implements CloseAnswer {
    }

}
