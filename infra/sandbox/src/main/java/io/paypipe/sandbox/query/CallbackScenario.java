package io.paypipe.sandbox.query;

/**
 * What happens to the payment callbacks of one order (chosen with
 * {@link CallbackScenarios#choose}); the order is paid at the channel either way.
 */
public enum CallbackScenario {

    /**
     * Every payment notification of the order is dropped: never pushed, so its callbacks
     * never arrive. The trade is paid and the order API answers it paid.
     */
    DROP,

    /**
     * The order's payment notifications are held, not pushed, until the order API has
     * answered a query that found the payment (or until released): then they are pushed,
     * as the query's answer goes back, on the channel's usual delivery rules.
     */
    HOLD_UNTIL_QUERIED

}
