package io.paypipe.channel.query;

import io.paypipe.core.id.Channel;

/**
 * One channel's order query and order close as the active query (reconcile-service) calls
 * them, with the order's own merchant credentials (the service provider's, naming the
 * sub-merchant, in service-provider mode). Implementations call the channel (the sandbox
 * locally) through its official SDK, which verifies the answers; they never throw for an
 * answer (every answer, a timeout included, is a {@link QueryAnswer} /
 * {@link CloseAnswer} of the channel's explicit answer table), never log a key, a
 * signature, a payer identifier or an answer's body, and are called outside any database
 * transaction. An order whose merchant has no outbound credentials in the merchants file
 * is {@link QueryAnswer.Unknown} / {@link CloseAnswer.Unknown}, never NotFound.
 */
public interface ChannelQueries {

    Channel channel();

    /** What the channel says about {@code order}'s payment now. */
    QueryAnswer query(QueriedOrder order);

    /** Asks the channel to close {@code order} so that it can no longer be paid. */
    CloseAnswer close(QueriedOrder order);

}
