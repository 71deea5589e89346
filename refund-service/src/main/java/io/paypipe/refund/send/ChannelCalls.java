package io.paypipe.refund.send;

import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.config.RefundProperties;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * One call to a channel, bounded by {@code refund.channel-call-timeout}: a call that does
 * not answer in time, throws or answers nothing is {@link RefundCall.Unknown} (the refund
 * stays as it is; the query decides), never a failure.
 */
@Component
class ChannelCalls implements DisposableBean {

    private final ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();

    private final Duration timeout;

    ChannelCalls(RefundProperties props) {
        this.timeout = props.channelCallTimeout();
    }

    RefundCall call(Supplier<RefundCall> call) {
        Future<RefundCall> answer = calls.submit(call::get);
        try {
            RefundCall result = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return result == null ? new RefundCall.Unknown("no answer") : result;
        }
        catch (TimeoutException e) {
            answer.cancel(true);
            return new RefundCall.Unknown("no answer within " + timeout);
        }
        catch (ExecutionException e) {
            return new RefundCall.Unknown("the client failed: " + e.getCause().getClass().getSimpleName());
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new RefundCall.Unknown("interrupted");
        }
    }

    @Override
    public void destroy() {
        calls.shutdownNow();
    }

}
