package io.paypipe.sandbox.query;

/**
 * How a channel's order API fails a call instead of answering it (armed with
 * {@link QueryFaults}). Each channel answers it its own way:
 *
 * <table>
 * <tr>
 * <th></th>
 * <th>WeChat Pay</th>
 * <th>Alipay</th>
 * <th>Stripe</th>
 * </tr>
 * <tr>
 * <td>{@link #RATE_LIMITED}</td>
 * <td>429 {@code FREQUENCY_LIMITED}</td>
 * <td>200, signed {@code code 20000}, {@code sub_code aop.ACQ.SYSTEM_ERROR}</td>
 * <td>429 {@code rate_limit}</td>
 * </tr>
 * <tr>
 * <td>{@link #SERVER_ERROR}</td>
 * <td>500 {@code SYSTEM_ERROR}</td>
 * <td>503, no body</td>
 * <td>500 {@code api_error}</td>
 * </tr>
 * <tr>
 * <td>{@link #TIMEOUT}</td>
 * <td colspan="3">no answer for {@code sandbox.order-queries.timeout-hold} (longer than
 * the caller waits), then 504 without a body; nothing is done</td>
 * </tr>
 * </table>
 */
public enum QueryFault {

    RATE_LIMITED, SERVER_ERROR, TIMEOUT

}
