package io.paypipe.downstream.batch;

import java.util.StringJoiner;

/**
 * The VALUES list of a multi-row INSERT with named parameters: one tuple per row, the
 * {@code #} in its parameter names replaced by the row's index, e.g.
 * {@code of(2, "(:eventId#, :now)")} is {@code (:eventId0, :now), (:eventId1, :now)}.
 */
public final class MultiRowValues {

    private MultiRowValues() {
    }

    public static String of(int rows, String tuple) {
        StringJoiner values = new StringJoiner(", ");
        for (int i = 0; i < rows; i++) {
            values.add(tuple.replace("#", Integer.toString(i)));
        }
        return values.toString();
    }

}
