package io.paypipe.refund.refund;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * An error answer: what is wrong, and for an over-refund what the payment can still
 * refund (minor units).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ApiError(String error, Long refundable, String currency) {

    static ApiError of(String error) {
        return new ApiError(error, null, null);
    }

}
