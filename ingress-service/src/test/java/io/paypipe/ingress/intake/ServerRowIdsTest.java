package io.paypipe.ingress.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ServerRowIdsTest {

    private final AtomicLong nanos = new AtomicLong(1_000);

    private final AtomicInteger asked = new AtomicInteger();

    private final AtomicReference<RowIds> server = new AtomicReference<>(RowIds.GENERATED);

    private final ServerRowIds rowIds = new ServerRowIds(() -> {
        asked.incrementAndGet();
        return server.get();
    }, nanos::get);

    @Test
    void asksTheServerOnceAMinute() {
        // Given the first group asked
        assertThat(rowIds.get()).isEqualTo(RowIds.GENERATED);

        // When groups follow within a minute, then one after it from a server restarted
        // with innodb_autoinc_lock_mode 2
        nanos.addAndGet(ServerRowIds.REASK.toNanos() - 1);
        RowIds withinTheMinute = rowIds.get();
        server.set(RowIds.READ_BACK);
        nanos.addAndGet(1);
        RowIds afterIt = rowIds.get();

        // Then the server was asked at the first and at the last
        assertThat(withinTheMinute).isEqualTo(RowIds.GENERATED);
        assertThat(afterIt).isEqualTo(RowIds.READ_BACK);
        assertThat(asked).hasValue(2);
    }

    @Test
    void asksAgainAfterAFailedGroup() {
        // Given the first group asked
        rowIds.get();

        // When a group failed on the database and the server came back with mode 2
        rowIds.forget();
        server.set(RowIds.READ_BACK);

        // Then the next group asks, and reads its ids back
        assertThat(rowIds.get()).isEqualTo(RowIds.READ_BACK);
        assertThat(asked).hasValue(2);
    }

}
